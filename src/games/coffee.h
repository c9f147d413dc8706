/* coffee.h - the game of Coffee on hexagonal and square boards; everything
 * else about it is private to coffee.c. */
#ifndef QUARTET_COFFEE_H
#define QUARTET_COFFEE_H
#include "game.h"
extern const game_ops coffee_ops;
#endif
