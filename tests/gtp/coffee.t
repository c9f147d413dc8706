# Coffee through GTP: the bar's errors, and whole games on both boards.
quartet-game coffee
quartet-game
> = coffee board=hex size=4 n=4 pie=0
play b d4v
~ ? illegal move
play b h9h
~ ? illegal move
play o a1h
~ ? illegal move
play b a3a
play o b3h
~ ? illegal move
play o a3h
~ ? illegal move
play o swap
~ ? illegal move
play w a3h
~ ? illegal move
play white swap
~ ? illegal move
play green a3h
> ? syntax error: unknown colour 'green' (black, orange, 1 or 2)
undo
play b a3a
play w a4a
play b a1a
play o a2d
play b c4h
play o f4h
play b d4a
play o d6d
play b b4h
play o e4a
play b e2h
play o d2a
play b d3a
play o d5a
play b d7d
play o b5a
play b b2h
play o c2d
play b f5a
play o f6d
play b e5h
play o c5h
play b g5a
play o g6d
play b b1a
play o b3h
play b e3h
play o f3a
play b f7d
play o e6
quartet-result
> = 0-1
quartet-result_reason
> = Orange makes a line of 4
quartet-moves
> = a3a a4a a1a a2d c4h f4h d4a d6d b4h e4a e2h d2a d3a d5a d7d b5a b2h c2d f5a f6d e5h c5h g5a g6d b1a b3h e3h f3a f7d e6
# the square board, the pie rule, and a player left without a legal turn
quartet-game coffee board=square size=5 n=4 pie=1
play b c1d
play o swap
quartet-to_move
> = black
undo
play o e3v
play b e1a
play o c3a
play b b4a
play o a5v
play b a3d
play o c5h
play b d5d
play o c4h
play b e4h
play o a4d
play b b5a
play o e2a
play b d3d
play o b1h
play b d1v
play o d4v
play b d2h
play o a2d
play b b3v
play o b2h
quartet-result
> = 0-1
quartet-result_reason
> = Black cannot complete a legal turn and loses
all_legal_moves
> = 
