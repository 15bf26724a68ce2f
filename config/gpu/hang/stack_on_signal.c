/* Loaded with LD_PRELOAD: on SIGUSR1 the thread that receives it prints its
   stack (exported symbols) to stderr. The device machine has no gdb, and
   cuda-gdb -p does not return on a process that holds a CUDA context; this
   is how the stacks of three hung MPI ranks were read (see stacks.sh). */
#define _GNU_SOURCE
#include <execinfo.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void print_stack(int sig) {
  void* frames[64];
  char head[80];
  const int n = backtrace(frames, 64);
  const int len = snprintf(head, sizeof head, "=== stack of pid %d, thread %d (signal %d)\n", getpid(), gettid(), sig);
  if (write(2, head, (size_t)len) < 0) return;
  backtrace_symbols_fd(frames, n, 2);
}

__attribute__((constructor)) static void install(void) {
  void* warm[1];
  struct sigaction sa;
  backtrace(warm, 1); /* loads libgcc's unwinder now, not inside the handler */
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = print_stack;
  sa.sa_flags = SA_RESTART;
  sigaction(SIGUSR1, &sa, NULL);
}
