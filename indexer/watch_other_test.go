//go:build !windows

package indexer

// watchedDirStays: a watch never keeps a directory from being removed.
func watchedDirStays(error) bool { return false }
