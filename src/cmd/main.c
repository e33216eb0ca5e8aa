/*
 * main.c - pith's entry: the commands, one file each, in one table.
 * `pith NAME ...` runs command NAME; anything else is pith itself.
 */
#include <string.h>
#include "cmd.h"

static const cmd_entry *const commands[] = {
	&cmd_batch_entry, &cmd_eval_entry, &cmd_learn_entry, &cmd_train_entry,
};

int
main(int argc, char **argv)
{
	for (size_t i = 0; argc > 1 && i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(argv[1], commands[i]->name) == 0)
			return commands[i]->main(argc - 1, argv + 1);
	return cmd_pith_entry.main(argc, argv);
}
