package guardains_test

// Linking Arena's mazes in gives the engine its levels in every test of
// this package, inside too.
import _ "github.com/arena-games/arena/levels/guardains"
