/* train.h - `pith train`: fitting the hybrid's classifier. */
#ifndef PITH_TRAIN_H
#define PITH_TRAIN_H

/* `pith train ...` with argv[0] "train"; returns the exit status. */
int train_main(int argc, char **argv);

#endif
