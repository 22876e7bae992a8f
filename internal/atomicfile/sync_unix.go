//go:build !windows

package atomicfile

import "os"

// syncDir makes a rename in dir durable: on Unix the new directory entry
// is only on disk once the directory itself is synced.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
