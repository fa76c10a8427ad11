// A module named Darwin for type-checking Apple branches on Linux: the C library (POSIX, the same
// calls) and kqueue as Apple declares it. Built by a test, never shipped.
@_exported import DarwinKqueue
@_exported import Glibc
