/* signal_thread PID TID: SIGUSR1 to one thread (kill(1) lets the kernel pick
   any thread; the main thread's stack is the one wanted, TID = PID). */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s PID TID\n", argv[0]);
    return 2;
  }
  return syscall(SYS_tgkill, atoi(argv[1]), atoi(argv[2]), SIGUSR1) == 0 ? 0 : 1;
}
