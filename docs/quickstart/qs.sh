#!/bin/bash
# qs.sh USER 'COMMAND' — run COMMAND in the clean root as USER's login shell on a pseudo-terminal
# (as a person would), print "$ COMMAND", the screen output cleaned of escape sequences, and the exit status.
user="$1"; shift; cmd="$*"
prompt='$'; [ "$user" = root ] && prompt='#'
raw=$(mktemp /work/h8/raw.XXXX)
{ if [ -n "${QS_INPUT:-}" ]; then sleep ${QS_DELAY:-8}; printf "%s\n" "$QS_INPUT"; fi; } | COLUMNS=100 LINES=40 script -q -e -c "chroot /work/qs-root su - $user -c $(printf %q "stty cols 100 rows 40; $cmd")" /dev/null > "$raw" 2>&1
rc=$?
{
  echo "$user@qs:~$prompt $cmd"
  python3 /work/h8/clean.py < "$raw"
  echo "[exit status $rc]"
  echo
} | tee -a /work/h8/session.log
