package render

import (
	"fmt"
	"strconv"
	"testing"
)

func TestItoaAndSignedWriteAsFmtDoes(t *testing.T) {
	for n := -2500; n <= 2500; n++ {
		if got, want := Itoa(n), strconv.Itoa(n); got != want {
			t.Fatalf("Itoa(%d) = %q, want %q", n, got, want)
		}
		if got, want := Signed(n), fmt.Sprintf("%+d", n); got != want {
			t.Fatalf("Signed(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestSmallNumbersDoNotAllocate(t *testing.T) {
	n := testing.AllocsPerRun(100, func() {
		for i := -smallNumbers; i <= smallNumbers; i++ {
			_, _ = Itoa(i), Signed(i)
		}
	})
	if n != 0 {
		t.Fatalf("%v allocations writing the small numbers", n)
	}
}

func TestLabelsAreMadeOnce(t *testing.T) {
	if got := Numbered("−", 12, " energy"); got != "−12 energy" {
		t.Fatalf("Numbered = %q", got)
	}
	if got := OutOf(3, 8); got != "3/8" {
		t.Fatalf("OutOf = %q", got)
	}
	n := testing.AllocsPerRun(100, func() {
		_, _ = Numbered("−", 12, " energy"), OutOf(3, 8)
	})
	if n != 0 {
		t.Fatalf("%v allocations writing a label again", n)
	}
}
