//go:build !windows

package embedding

import (
	"errors"
	"syscall"
)

// isConnReset reports a connection the server dropped mid-request, which
// a retry usually gets past.
func isConnReset(err error) bool {
	return errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)
}
