/* y.h - the game of Y and its progressive and two-stone variants; everything
 * else about it is private to y.c. */
#ifndef QUARTET_Y_H
#define QUARTET_Y_H
#include "game.h"
extern const game_ops y_ops;
#endif
