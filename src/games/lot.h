/* lot.h - LOT (Line of Three); everything else about it is private to lot.c. */
#ifndef QUARTET_LOT_H
#define QUARTET_LOT_H
#include "game.h"
extern const game_ops lot_ops;
#endif
