/* registry.c - the games quartet knows, by name.  Adding a game means adding
 * its module, its include and one line here; no other file changes. */
#include "game.h"
#include "games/coffee.h"
#include "games/loa.h"
#include "games/lot.h"
#include "games/y.h"

const game_ops *const game_registry[] = {
    &loa_ops,
    &y_ops,
    &lot_ops,
    &coffee_ops,
    NULL,
};
