package launcher

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"unsafe"
)

// loopbackUp brings up the loopback interface of the launcher's new
// network namespace: the only interface there is.
func loopbackUp() error {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_DGRAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("loopback: %w", err)
	}
	defer syscall.Close(fd)
	var ifr [40]byte // struct ifreq: the name, then the flags
	copy(ifr[:], "lo")
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.SIOCGIFFLAGS, uintptr(unsafe.Pointer(&ifr[0]))); e != 0 {
		return fmt.Errorf("loopback: %w", e)
	}
	flags := binary.NativeEndian.Uint16(ifr[16:])
	binary.NativeEndian.PutUint16(ifr[16:], flags|syscall.IFF_UP)
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.SIOCSIFFLAGS, uintptr(unsafe.Pointer(&ifr[0]))); e != 0 {
		return fmt.Errorf("bring up the loopback: %w", e)
	}
	return nil
}

// listen makes Connect reachable inside the network namespace: the
// launcher listens on the same address there (adding it to the loopback
// when it is not a loopback address) and relays each connection, up to
// Spares of them, through a socket Arena made outside, which it connects
// to Connect and nowhere else.
func (l *launcher) listen() error {
	c := l.c
	to, family, loopback, err := sockaddr(c.Connect)
	if err != nil {
		return err
	}
	if !loopback {
		if err := addAddress(to, family); err != nil {
			return fmt.Errorf("add %s to the loopback: %w", c.Connect, err)
		}
	}
	fd, err := syscall.Socket(family, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC|syscall.SOCK_NONBLOCK, 0)
	if err != nil {
		return err
	}
	syscall.SetsockoptInt(fd, syscall.SOL_SOCKET, syscall.SO_REUSEADDR, 1)
	if err := syscall.Bind(fd, to); err != nil {
		syscall.Close(fd)
		return fmt.Errorf("relay %s: %w", c.Connect, err)
	}
	if err := syscall.Listen(fd, 16); err != nil {
		syscall.Close(fd)
		return err
	}
	ln := os.NewFile(uintptr(fd), "relay")
	rc, err := ln.SyscallConn()
	if err != nil {
		return err
	}
	go func() {
		for next := 0; ; next++ {
			var in int
			var aerr error
			if err := rc.Read(func(fd uintptr) bool {
				in, _, aerr = syscall.Accept4(int(fd), syscall.SOCK_CLOEXEC|syscall.SOCK_NONBLOCK)
				return aerr != syscall.EAGAIN
			}); err != nil {
				return
			}
			if aerr != nil {
				continue
			}
			if next >= c.Spares {
				syscall.Close(in) // it has had all the connections its protocol needs
				continue
			}
			go relay(in, FDSpares+next, to)
		}
	}()
	return nil
}

// relay connects the outside socket out to to and copies between it and
// the inside connection in both ways until both have ended.
func relay(in, out int, to syscall.Sockaddr) {
	inside := os.NewFile(uintptr(in), "inside")
	defer inside.Close()
	if err := syscall.Connect(out, to); err != nil {
		syscall.Close(out)
		return
	}
	syscall.SetNonblock(out, true)
	outside := os.NewFile(uintptr(out), "outside")
	defer outside.Close()
	done := make(chan struct{})
	go func() {
		pump(outside, inside)
		close(done)
	}()
	pump(inside, outside)
	<-done
}

// pump copies from src to dst until src ends, then ends dst's writing.
func pump(dst, src *os.File) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			if _, werr := dst.Write(buf[:n]); werr != nil {
				break
			}
		}
		if err != nil {
			break
		}
	}
	if rc, err := dst.SyscallConn(); err == nil {
		rc.Control(func(fd uintptr) { syscall.Shutdown(int(fd), syscall.SHUT_WR) })
	}
}

// sockaddr is addr (IP:PORT) as a socket address, its family and whether
// it is a loopback address.
func sockaddr(addr string) (syscall.Sockaddr, int, bool, error) {
	i := strings.LastIndexByte(addr, ':')
	if i < 0 {
		return nil, 0, false, fmt.Errorf("%s: want IP:PORT", addr)
	}
	port, err := strconv.Atoi(addr[i+1:])
	if err != nil || port < 1 || port > 65535 {
		return nil, 0, false, fmt.Errorf("%s: bad port", addr)
	}
	host := strings.Trim(addr[:i], "[]")
	if ip4, ok := parseIPv4(host); ok {
		return &syscall.SockaddrInet4{Port: port, Addr: ip4}, syscall.AF_INET, ip4[0] == 127, nil
	}
	if host == "::1" {
		sa := &syscall.SockaddrInet6{Port: port}
		sa.Addr[15] = 1
		return sa, syscall.AF_INET6, true, nil
	}
	return nil, 0, false, fmt.Errorf("%s: the sandbox relays IPv4 addresses and ::1", addr)
}

// parseIPv4 reads a dotted IPv4 address.
func parseIPv4(s string) ([4]byte, bool) {
	var ip [4]byte
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return ip, false
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > 255 {
			return ip, false
		}
		ip[i] = byte(n)
	}
	return ip, true
}

// addAddress adds the IPv4 address of to to the loopback interface
// (rtnetlink's RTM_NEWADDR), so that a program may reach it inside the
// namespace. The loopback is the namespace's first interface, index 1.
func addAddress(to syscall.Sockaddr, family int) error {
	sa, ok := to.(*syscall.SockaddrInet4)
	if !ok {
		return errors.New("only IPv4")
	}
	addr := sa.Addr[:]
	fd, err := syscall.Socket(syscall.AF_NETLINK, syscall.SOCK_RAW|syscall.SOCK_CLOEXEC, syscall.NETLINK_ROUTE)
	if err != nil {
		return err
	}
	defer syscall.Close(fd)
	attr := func(kind uint16) []byte {
		b := make([]byte, syscall.SizeofRtAttr+(len(addr)+3)/4*4)
		binary.NativeEndian.PutUint16(b[0:], uint16(syscall.SizeofRtAttr+len(addr)))
		binary.NativeEndian.PutUint16(b[2:], kind)
		copy(b[syscall.SizeofRtAttr:], addr)
		return b
	}
	msg := make([]byte, syscall.SizeofNlMsghdr+syscall.SizeofIfAddrmsg)
	msg[syscall.SizeofNlMsghdr] = byte(family)
	msg[syscall.SizeofNlMsghdr+1] = byte(len(addr) * 8)
	binary.NativeEndian.PutUint32(msg[syscall.SizeofNlMsghdr+4:], 1)
	msg = append(append(msg, attr(syscall.IFA_LOCAL)...), attr(syscall.IFA_ADDRESS)...)
	binary.NativeEndian.PutUint32(msg[0:], uint32(len(msg)))
	binary.NativeEndian.PutUint16(msg[4:], syscall.RTM_NEWADDR)
	binary.NativeEndian.PutUint16(msg[6:], syscall.NLM_F_REQUEST|syscall.NLM_F_ACK|syscall.NLM_F_CREATE|syscall.NLM_F_EXCL)
	binary.NativeEndian.PutUint32(msg[8:], 1)
	if err := syscall.Sendto(fd, msg, 0, &syscall.SockaddrNetlink{Family: syscall.AF_NETLINK}); err != nil {
		return err
	}
	buf := make([]byte, 4096)
	n, _, err := syscall.Recvfrom(fd, buf, 0)
	if err != nil {
		return err
	}
	if n < syscall.SizeofNlMsghdr+4 || binary.NativeEndian.Uint16(buf[4:]) != syscall.NLMSG_ERROR {
		return errors.New("no answer from rtnetlink")
	}
	if code := int32(binary.NativeEndian.Uint32(buf[syscall.SizeofNlMsghdr:])); code != 0 {
		return syscall.Errno(-code)
	}
	return nil
}
