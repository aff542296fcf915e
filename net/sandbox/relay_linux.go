package sandbox

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"os"

	"golang.org/x/sys/unix"
)

// loopbackUp brings up the loopback interface of the launcher's new
// network namespace: the only interface there is.
func loopbackUp() error {
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("loopback: %w", err)
	}
	defer unix.Close(fd)
	ifr, err := unix.NewIfreq("lo")
	if err != nil {
		return err
	}
	if err := unix.IoctlIfreq(fd, unix.SIOCGIFFLAGS, ifr); err != nil {
		return fmt.Errorf("loopback: %w", err)
	}
	ifr.SetUint16(ifr.Uint16() | unix.IFF_UP)
	if err := unix.IoctlIfreq(fd, unix.SIOCSIFFLAGS, ifr); err != nil {
		return fmt.Errorf("bring up the loopback: %w", err)
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
	host, _, err := net.SplitHostPort(c.Connect)
	if err != nil {
		return err
	}
	ip := net.ParseIP(host)
	if ip == nil {
		return fmt.Errorf("%s is not an IP address", host)
	}
	if !ip.IsLoopback() {
		if err := addAddress(ip); err != nil {
			return fmt.Errorf("add %s to the loopback: %w", ip, err)
		}
	}
	ln, err := net.Listen("tcp", c.Connect)
	if err != nil {
		return fmt.Errorf("relay %s: %w", c.Connect, err)
	}
	to, err := sockaddr(c.Connect)
	if err != nil {
		return err
	}
	go func() {
		for next := 0; ; next++ {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			if next >= c.Spares {
				in.Close() // it has had all the connections its protocol needs
				continue
			}
			go relay(in, fdSpares+next, to)
		}
	}()
	return nil
}

// relay connects the outside socket fd to to and copies between it and
// in both ways until both have ended.
func relay(in net.Conn, fd int, to unix.Sockaddr) {
	defer in.Close()
	if err := unix.Connect(fd, to); err != nil {
		unix.Close(fd)
		return
	}
	f := os.NewFile(uintptr(fd), "outside")
	out, err := net.FileConn(f)
	f.Close()
	if err != nil {
		return
	}
	defer out.Close()
	done := make(chan struct{})
	go func() {
		io.Copy(out, in)
		out.(*net.TCPConn).CloseWrite()
		close(done)
	}()
	io.Copy(in, out)
	in.(*net.TCPConn).CloseWrite()
	<-done
}

// sockaddr is addr (IP:PORT) as a socket address.
func sockaddr(addr string) (unix.Sockaddr, error) {
	a, err := net.ResolveTCPAddr("tcp", addr)
	if err != nil {
		return nil, err
	}
	if ip4 := a.IP.To4(); ip4 != nil {
		return &unix.SockaddrInet4{Port: a.Port, Addr: [4]byte(ip4)}, nil
	}
	return &unix.SockaddrInet6{Port: a.Port, Addr: [16]byte(a.IP.To16())}, nil
}

// addAddress adds ip to the loopback interface (rtnetlink's RTM_NEWADDR),
// so that a program may reach it inside the namespace.
func addAddress(ip net.IP) error {
	family, addr := unix.AF_INET, ip.To4()
	if addr == nil {
		family, addr = unix.AF_INET6, ip.To16()
	}
	lo, err := net.InterfaceByName("lo")
	if err != nil {
		return err
	}
	fd, err := unix.Socket(unix.AF_NETLINK, unix.SOCK_RAW|unix.SOCK_CLOEXEC, unix.NETLINK_ROUTE)
	if err != nil {
		return err
	}
	defer unix.Close(fd)
	attr := func(kind uint16) []byte {
		b := make([]byte, unix.SizeofRtAttr+(len(addr)+3)/4*4)
		binary.NativeEndian.PutUint16(b[0:], uint16(unix.SizeofRtAttr+len(addr)))
		binary.NativeEndian.PutUint16(b[2:], kind)
		copy(b[unix.SizeofRtAttr:], addr)
		return b
	}
	msg := make([]byte, unix.SizeofNlMsghdr+unix.SizeofIfAddrmsg)
	msg[unix.SizeofNlMsghdr] = byte(family)
	msg[unix.SizeofNlMsghdr+1] = byte(len(addr) * 8)
	binary.NativeEndian.PutUint32(msg[unix.SizeofNlMsghdr+4:], uint32(lo.Index))
	msg = append(append(msg, attr(unix.IFA_LOCAL)...), attr(unix.IFA_ADDRESS)...)
	binary.NativeEndian.PutUint32(msg[0:], uint32(len(msg)))
	binary.NativeEndian.PutUint16(msg[4:], unix.RTM_NEWADDR)
	binary.NativeEndian.PutUint16(msg[6:], unix.NLM_F_REQUEST|unix.NLM_F_ACK|unix.NLM_F_CREATE|unix.NLM_F_EXCL)
	binary.NativeEndian.PutUint32(msg[8:], 1)
	if err := unix.Sendto(fd, msg, 0, &unix.SockaddrNetlink{Family: unix.AF_NETLINK}); err != nil {
		return err
	}
	buf := make([]byte, 4096)
	n, _, err := unix.Recvfrom(fd, buf, 0)
	if err != nil {
		return err
	}
	if n < unix.SizeofNlMsghdr+4 || binary.NativeEndian.Uint16(buf[4:]) != unix.NLMSG_ERROR {
		return errors.New("no answer from rtnetlink")
	}
	if code := int32(binary.NativeEndian.Uint32(buf[unix.SizeofNlMsghdr:])); code != 0 {
		return unix.Errno(-code)
	}
	return nil
}
