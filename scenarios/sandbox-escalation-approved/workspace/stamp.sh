# Writes a build stamp outside the working directory (in /var/tmp, under a name of this run's
# own), prints it and removes it; on failure it says why in one line.
f="/var/tmp/dsh-stamp-$(basename "$PWD")"
if ! err=$({ echo 42 >"$f"; } 2>&1); then
  echo "stamp.sh: ${err##*: }" >&2
  exit 1
fi
cat "$f"
rm -f "$f"
