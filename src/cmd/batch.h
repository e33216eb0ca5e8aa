/* batch.h - `pith batch`: many pages in one process, JSON lines out. */
#ifndef PITH_BATCH_H
#define PITH_BATCH_H

/* `pith batch ...` with argv[0] "batch"; returns the exit status. */
int batch_main(int argc, char **argv);

#endif
