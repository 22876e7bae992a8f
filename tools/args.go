package tools

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

// args reads tool arguments strictly: a wrong type is an ArgError naming
// the argument, never a silent default.
type args map[string]any

func (a args) str(key string) (string, error) {
	v, ok := a[key]
	if !ok || v == nil {
		return "", nil
	}
	s, ok := v.(string)
	if !ok {
		return "", argErrorf(key, "must be a string, got %s", jsonKind(v))
	}
	return s, nil
}

func (a args) integer(key string, def int) (int, error) {
	v, ok := a[key]
	if !ok || v == nil {
		return def, nil
	}
	f, ok := v.(float64)
	if !ok || f != math.Trunc(f) {
		return 0, argErrorf(key, "must be a whole number, got %s", jsonValue(v))
	}
	if math.Abs(f) > 1<<31 {
		return 0, argErrorf(key, "%s is out of range: pass a whole number below 2147483648", jsonValue(v))
	}
	return int(f), nil
}

func (a args) boolean(key string) (bool, error) {
	v, ok := a[key]
	if !ok || v == nil {
		return false, nil
	}
	b, ok := v.(bool)
	if !ok {
		return false, argErrorf(key, "must be true or false, got %s", jsonValue(v))
	}
	return b, nil
}

// collect reads several arguments, stopping at the first error.
type collector struct {
	a   args
	err error
}

func (c *collector) str(key string) string {
	if c.err != nil {
		return ""
	}
	s, err := c.a.str(key)
	c.err = err
	return s
}

func (c *collector) integer(key string, def int) int {
	if c.err != nil {
		return 0
	}
	n, err := c.a.integer(key, def)
	c.err = err
	return n
}

func (c *collector) boolean(key string) bool {
	if c.err != nil {
		return false
	}
	b, err := c.a.boolean(key)
	c.err = err
	return b
}

// unknown reports arguments the tool does not take, so a typo such as
// "repositoryId" fails loudly instead of being ignored.
func (a args) unknown(known ...string) error {
	for k := range a {
		found := false
		for _, n := range known {
			if k == n {
				found = true
				break
			}
		}
		if !found {
			return argErrorf(k, "is not a parameter of this tool: use %s", strings.Join(known, ", "))
		}
	}
	return nil
}

// argsOf returns a tool call's arguments, refusing anything but a JSON
// object: an array or a string would otherwise read as "no arguments" and
// be answered with a misleading "query: is empty".
func argsOf(req mcp.CallToolRequest) (args, error) {
	switch v := req.Params.Arguments.(type) {
	case nil:
		return args{}, nil
	case map[string]any:
		return args(v), nil
	default:
		return nil, argErrorf("arguments", "must be a JSON object of named parameters, such as {\"query\": \"retry with backoff\"}, got %s", jsonKind(v))
	}
}

// jsonKind names the JSON type a decoded value came from.
func jsonKind(v any) string {
	switch v.(type) {
	case []any:
		return "an array"
	case string:
		return "a string"
	case float64, json.Number:
		return "a number"
	case bool:
		return "a boolean"
	case map[string]any:
		return "an object"
	case nil:
		return "null"
	}
	return fmt.Sprintf("a %T", v)
}

// jsonValue shows a decoded argument: a number or a string as written,
// other values by their JSON type.
func jsonValue(v any) string {
	switch x := v.(type) {
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case string:
		return strconv.Quote(x)
	}
	return jsonKind(v)
}
