/* loa.h - Lines of Action; everything else about it is private to loa.c. */
#ifndef QUARTET_LOA_H
#define QUARTET_LOA_H
#include "game.h"
extern const game_ops loa_ops;
#endif
