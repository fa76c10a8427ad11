// Named darwin_signal.h, not signal.h: the tests put this folder on the include path, where a
// signal.h would stand in for the C library's own and Glibc's module would lose signal() and SIGINT
// (hidden only by a module cache built before this file existed).
// Signals as Apple's SDK declares them (<sys/signal.h>, <sys/_types/_sigaltstack.h>, <signal.h>),
// for a test that type-checks the Apple branches of SceneNavigation's Platform.swift on Linux.
// Declarations only, never linked. Members, their order and their types are Apple's. Tags that
// Glibc also declares (struct sigaction, union sigval) are renamed, and the functions taking them
// named for Swift with swift_name: Glibc's module is loaded beside this one, and clang refuses a
// second struct sigaction. Darwin.swift gives the Swift names (sigaction, siginfo_t, stack_t) and
// the SA_/SS_/SI_ constants, which differ from Glibc's.

typedef int __darwin_pid_t_;              // Apple: typedef __int32_t __darwin_pid_t
typedef unsigned int __darwin_uid_t_;     // Apple: typedef __uint32_t __darwin_uid_t
typedef unsigned int __darwin_sigset_t_;  // Apple: typedef __uint32_t __darwin_sigset_t
typedef unsigned long __darwin_size_t_;   // Apple (LP64): typedef unsigned long __darwin_size_t

// Apple: union sigval
union __darwin_sigval_ {
    int sival_int;
    void *sival_ptr;
};

// Apple: typedef struct __siginfo { ... } siginfo_t;
struct __siginfo {
    int si_signo;
    int si_errno;
    int si_code;
    __darwin_pid_t_ si_pid;
    __darwin_uid_t_ si_uid;
    int si_status;
    void *si_addr;
    union __darwin_sigval_ si_value;
    long si_band;
    unsigned long __pad[7];
};

union __sigaction_u {
    void (*__sa_handler)(int);
    void (*__sa_sigaction)(int, struct __siginfo *, void *);
};

// Apple: struct sigaction
struct __darwin_sigaction_ {
    union __sigaction_u __sigaction_u;
    __darwin_sigset_t_ sa_mask;
    int sa_flags;
};

// Apple: _STRUCT_SIGALTSTACK, typedef'd stack_t
struct __darwin_sigaltstack {
    void *ss_sp;
    __darwin_size_t_ ss_size;
    int ss_flags;
};

// Apple: int sigaction(int, const struct sigaction * __restrict, struct sigaction * __restrict);
int __darwin_sigaction_call_(int, const struct __darwin_sigaction_ *__restrict, struct __darwin_sigaction_ *__restrict)
    __attribute__((swift_name("sigaction(_:_:_:)")));
// Apple: int sigaltstack(const stack_t * __restrict, stack_t * __restrict);
int __darwin_sigaltstack_call_(const struct __darwin_sigaltstack *__restrict, struct __darwin_sigaltstack *__restrict)
    __attribute__((swift_name("sigaltstack(_:_:)")));
