# Hostile input through GTP: numbers past their range, NUL bytes, long turns.
quartet-game loa
loadsgf @DATA@/illegal.sgf 2147483648
> ? syntax error: move number '2147483648' must be a whole number from 1 to 100000
loadsgf @DATA@/illegal.sgf 4294967297
> ? syntax error: move number '4294967297' must be a whole number from 1 to 100000
quartet-game lot
> = 
boardsize 7
> = 
boardsize 8
> ? unacceptable size: lot is played on a board of size 7 only
quartet-game y size=2
quartet-setposition 1/4294967295b2 b 1 - -
> ? position: row 1 must describe 2 cells
quartet-set memory 0
> ? memory must be 1..65536, not 0
# words past the 64th are not dropped unread: the command is refused whole
quartet-game y size=3 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 size=99
> ? syntax error: more than 64 arguments
quartet-game
> = y size=2 variant=standard pie=auto
quartet-game y size=3 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0 pie=0
quartet-game
> = y size=3 variant=standard pie=0
