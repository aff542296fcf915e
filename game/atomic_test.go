package game

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestWriteFileAtomicKeepsTheOldFileOnError(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "keep.arena")
	require.NoError(t, os.WriteFile(path, []byte("good"), 0o644))
	err := WriteFileAtomic(path, func(w io.Writer) error {
		io.WriteString(w, "half")
		return errors.New("failed half way")
	})
	require.ErrorContains(t, err, "failed half way")
	got, _ := os.ReadFile(path)
	require.Equal(t, "good", string(got))
	left, _ := os.ReadDir(filepath.Dir(path))
	require.Len(t, left, 1, "the temporary file is removed")

	require.NoError(t, WriteFileAtomic(path, func(w io.Writer) error {
		_, err := io.WriteString(w, "new")
		return err
	}))
	got, _ = os.ReadFile(path)
	require.Equal(t, "new", string(got))
}

func TestAtomicFileIsInvisibleUntilCommit(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "sub", "out.png")
	a, err := CreateAtomic(path)
	require.NoError(t, err)
	_, err = a.WriteString("data")
	require.NoError(t, err)
	_, err = os.Stat(path)
	require.True(t, os.IsNotExist(err))
	require.Equal(t, filepath.Dir(path), filepath.Dir(a.TempPath()))
	require.NoError(t, a.Commit())
	a.Abort() // after Commit: nothing
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, "data", string(got))
}

func TestCheckOutputs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	m := filepath.Join(dir, "m.json")
	require.NoError(t, os.WriteFile(m, []byte("{}"), 0o644))
	link := filepath.Join(dir, "link.json")
	require.NoError(t, os.Symlink(m, link))
	in := []NamedPath{{"--map", m}}
	require.NoError(t, CheckOutputs(in, []NamedPath{{"--out", filepath.Join(dir, "game.arena")}}))
	for _, out := range []string{m, link, filepath.Join(dir, ".", "m.json")} {
		err := CheckOutputs(in, []NamedPath{{"--out", out}})
		require.ErrorIs(t, err, ErrOutputIsInput, out)
		require.ErrorContains(t, err, "--map")
	}
}
