// kqueue as Apple's SDK declares it (<sys/event.h>, <sys/fcntl.h>), for a test that type-checks the
// Apple branches of navstate's Platform.swift on Linux. Not the implementation: declarations only.
#include <stdint.h>
#include <time.h>

struct kevent {
    uintptr_t ident;
    int16_t filter;
    uint16_t flags;
    uint32_t fflags;
    intptr_t data;
    void *udata;
};

int kqueue(void);
int kevent(int kq, const struct kevent *changelist, int nchanges, struct kevent *eventlist, int nevents,
           const struct timespec *timeout);

#define EVFILT_VNODE (-4)
#define EV_ADD 0x0001
#define EV_CLEAR 0x0020
#define NOTE_DELETE 0x00000001
#define NOTE_WRITE 0x00000002
#define NOTE_ATTRIB 0x00000008
#define NOTE_RENAME 0x00000020
#define O_EVTONLY 0x00008000
