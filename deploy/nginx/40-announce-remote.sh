#!/bin/sh
# Runs from the nginx image's entrypoint before nginx starts: records this remote's version in the
# shared remotes.json that the gateway serves at /remotes.json (REMOTES_MANIFEST). Each remote
# writes its own fragment, then rebuilds remotes.json from all fragments under a lock and swaps it
# in with a rename, so the gateway never reads half a file.
set -eu
: "${REMOTE_NAME:?}"
MANIFEST_DIR="${MANIFEST_DIR:-/manifest}"
current="/usr/share/nginx/html/remotes/${REMOTE_NAME}/remote.json"
[ -f "$current" ] || { echo "announce-remote: $current missing" >&2; exit 1; }
mkdir -p "$MANIFEST_DIR/remotes.d"
frag="$MANIFEST_DIR/remotes.d/${REMOTE_NAME}.json"
printf '"%s": %s\n' "$REMOTE_NAME" "$(tr -d '\n' < "$current")" > "$frag.tmp"
mv "$frag.tmp" "$frag"

rebuild() {
  tmp="$MANIFEST_DIR/.remotes.json.$$"
  {
    echo '{'
    first=1
    for f in "$MANIFEST_DIR"/remotes.d/*.json; do
      [ -f "$f" ] || continue
      [ "$first" = 1 ] || echo ','
      cat "$f"
      first=0
    done
    echo '}'
  } > "$tmp"
  chmod 0644 "$tmp"
  mv "$tmp" "$MANIFEST_DIR/remotes.json"
}

if command -v flock >/dev/null 2>&1; then
  (
    flock 9
    rebuild
  ) 9>"$MANIFEST_DIR/.lock"
else
  rebuild
fi
echo "announce-remote: ${REMOTE_NAME} -> $(cat "$current")"
