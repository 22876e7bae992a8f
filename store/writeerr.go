package store

import (
	"errors"
	"fmt"
	"io/fs"
)

// explainWrite names the cause of a failed index write and its fix, for
// the faults a user meets (a full disk, a read-only or vanished data
// directory), and says that the committed index is still there: every
// write goes to a new file, so a failure never touches it.
func explainWrite(err error, dataDir string) error {
	var why string
	switch {
	case diskFull(err):
		why = fmt.Sprintf("the disk holding the data directory %s is full: free some space, or index into a data directory on another disk (--data-dir or CODESEEK_DATA_DIR)", dataDir)
	case readOnlyFS(err):
		why = fmt.Sprintf("the data directory %s is on a read-only file system: index into a writable one (--data-dir or CODESEEK_DATA_DIR)", dataDir)
	case errors.Is(err, fs.ErrPermission):
		why = fmt.Sprintf("no permission to write in the data directory %s: fix its permissions, or index into another one (--data-dir or CODESEEK_DATA_DIR)", dataDir)
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("the data directory %s was removed during the run: run the index again to rebuild it (%w)", dataDir, err)
	default:
		return err
	}
	return fmt.Errorf("%s; the previous index is unchanged (%w)", why, err)
}
