package indexer

import (
	"errors"

	"golang.org/x/sys/windows"
)

// watchedDirStays is whether err, from removing a directory tree that is
// being watched, says a directory could not be removed because one inside
// it is only marked for deletion: without POSIX deletion semantics (wine;
// Windows on volumes other than NTFS) a directory the watcher holds open
// keeps its name until the handle closes. Windows 10 and later on NTFS
// remove it at once.
func watchedDirStays(err error) bool { return errors.Is(err, windows.ERROR_DIR_NOT_EMPTY) }
