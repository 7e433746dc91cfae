#!/bin/bash
# termshot.sh OUT.png KEYS... : the terminal game in xterm on Xvfb, keys sent by tmux.
out=$1; shift
export DISPLAY=:77
Xvfb :77 -screen 0 1400x900x24 >/dev/null 2>&1 &
xv=$!
sleep 1
tmux kill-session -t shot 2>/dev/null
tmux new-session -d -s shot -x 100 -y 36 "AMULETS_NOW=1796412000 TERM=xterm-256color /work/main/target/debug/amulets-tui 1 --save-dir /tmp/eh" \; set-option -t shot status off
xterm -geometry 100x36+0+0 -fa 'DejaVu Sans Mono' -fs 11 -bg black -fg white -e tmux attach -t shot &
xt=$!
sleep 2
for k in "$@"; do tmux send-keys -t shot "$k"; sleep 0.7; done
sleep 1
xwd -root -silent | /usr/bin/convert xwd:- -crop 906x664+0+0 +repage "$out"
tmux kill-session -t shot
kill $xt $xv 2>/dev/null
