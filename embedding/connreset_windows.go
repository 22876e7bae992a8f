//go:build windows

package embedding

import (
	"errors"

	"golang.org/x/sys/windows"
)

// isConnReset reports a connection the server dropped mid-request, which
// a retry usually gets past. Winsock has its own codes for what Unix calls
// ECONNRESET and EPIPE.
func isConnReset(err error) bool {
	return errors.Is(err, windows.WSAECONNRESET) || errors.Is(err, windows.WSAECONNABORTED) || errors.Is(err, windows.ERROR_BROKEN_PIPE)
}
