# LOT through GTP: tower moves, their errors, and a whole game to three towers.
quartet-game lot
quartet-game
> = lot pie=1
play b d4
~ ? illegal move
play w d4
play b swap
quartet-to_move
> = white
undo
undo
quartet-moves
> = 
play w f5
play b c5
play w d2
play b e4
play w g3
play b e3
play w c2
play b a6
play w e7
play b b2
play w c7
# e5 makes the line e3-e4-e5 for Black: a tower is due
play b e5
~ a tower must be made
play b e5+e3-e4-b2
~ ? illegal move
play b e5+e3-e4-e5
play w d5
play b c6
play w e5+f5-d5-e5
play b e1
play w f1
play b g1
play w d7+d7-c7-e7
play b b6+c6-a6-b6
play w b5
play b f4
play w e4
play b b1
play w c7
play b g7
play w g4
play b b7
play w e2+e2-c2-d2
play b a4
play w a1
play b f6
play w g5+g5-g3-g4
play b g2
play w f7
play b d6
play w g3
play b e5+e5-f6-g7
play w a3
play b d3
play w f2
play b b4+d6-b4-c5
play w f3+f2-f1-f3
play b c4
play w c5
play b b3+b2-b1-b3
play w a5+b5-a5-c5
play b c2
play w b4
play b e6
play w b1
play b c5
play w g4
play b b3+b3-a4-c2
play w g6
play b d5+c4-d5-e6
play w c1+a1-b1-c1
play b e6
play w a5
play b d4
play w a4+a5-a3-a4
play b a6
play w g7
play b d2+d4-d2-d3
play w a3
play b b1
play w d2
play b b6
play w e7+e7-f7-g7
play b c3
play w f1
play b f7
play w c2
play b a7+a7-b6-c5
play w f6
play b d3
play w c5+c5-a3-b4
quartet-result
> = 1-0
quartet-result_reason
> = White has three towers in a line
# GTP's W is the colour White, though LOT's records write the first player as B
final_score
> = W+
play b a1
~ ? 
genmove b
> ? game is over
# the solver proves a draw: one empty cell, no line to make
quartet-setposition wWwBbwb/WBwwWbw/bBBwBBw/BwWWbWW/wwbwBwb/BBwwWBW/wBWWBb1 w
quartet-solve
> = draw g1
