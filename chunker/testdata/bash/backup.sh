#!/usr/bin/env bash
# backup.sh - rotate compressed backups of a directory.
set -euo pipefail

readonly KEEP=7
BACKUP_DIR="${BACKUP_DIR:-/var/backups}"

# log prints a timestamped message to stderr.
log() {
  printf '%s %s\n' "$(date -u +%FT%TZ)" "$*" >&2
}

# die logs an error and exits.
die() {
  log "error: $*"
  exit 1
}

# make_backup archives the directory $1 into BACKUP_DIR.
make_backup() {
  local src=$1
  local name
  name="$(basename "$src")-$(date +%Y%m%d%H%M%S).tar.gz"
  [[ -d $src ]] || die "not a directory: $src"
  mkdir -p "$BACKUP_DIR"
  tar -czf "$BACKUP_DIR/$name" -C "$(dirname "$src")" "$(basename "$src")"
  log "wrote $BACKUP_DIR/$name"
}

# rotate keeps the newest KEEP backups of $1 and deletes the rest.
function rotate {
  local prefix
  prefix="$(basename "$1")-"
  ls -1t "$BACKUP_DIR"/"$prefix"*.tar.gz 2>/dev/null | tail -n +$((KEEP + 1)) | while read -r old; do
    rm -f -- "$old"
    log "removed $old"
  done
}

main() {
  [[ $# -eq 1 ]] || die "usage: $0 DIR"
  make_backup "$1"
  rotate "$1"
}

main "$@"
