//go:build wine

package tools

// Under wine, t.TempDir's cleanup needs the delete path Go keeps for older
// Windows (see package wine; scripts/test-windows builds with -tags wine).
import _ "github.com/codeseek/codeseek/internal/wine"

func init() { changeEventsMayDrop = true }
