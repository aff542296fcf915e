//go:build !js

package scenes

import "github.com/arena-games/arena/internal/lang"

// systemLanguage is the language of the environment's locale.
func systemLanguage() lang.Tag { return lang.FromEnv() }
