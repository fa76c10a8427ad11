// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation, TypeNamesShouldBeCapitalized, AlwaysUseLowerCamelCase
// A module named Darwin for type-checking Apple branches on Linux: the C library (POSIX, the same
// calls), kqueue as Apple declares it, and signals as Apple declares them where Glibc's differ.
// Built by a test, never shipped. Declarations here shadow Glibc's of the same name.
@_exported import DarwinKqueue
@_exported import DarwinSignal
@_exported import Glibc

// <sys/signal.h>: struct sigaction, typedef struct __siginfo siginfo_t.
public typealias sigaction = __darwin_sigaction_
public typealias siginfo_t = __siginfo
// <sys/_types/_sigaltstack.h>: typedef _STRUCT_SIGALTSTACK stack_t.
public typealias stack_t = __darwin_sigaltstack

// <sys/signal.h>'s values, where Glibc's differ (a macro of an int literal imports as Int32).
public var SA_ONSTACK: Int32 { 0x0001 }
public var SA_SIGINFO: Int32 { 0x0040 }
public var SS_ONSTACK: Int32 { 0x0001 }
public var SS_DISABLE: Int32 { 0x0004 }
public var MINSIGSTKSZ: Int32 { 32768 }
public var SIGSTKSZ: Int32 { 131072 }
public var SI_USER: Int32 { 0x10001 }
public var SIGBUS: Int32 { 10 }
