/* A timeline of every CUDA call and every GPU operation of one process,
   written as CSV when the process exits. The device machine has no nsys; this
   is loaded by the driver itself (CUDA_INJECTION64_PATH=.../libaija_trace.so)
   into an unchanged program, such as a PETSc run, and read by timeline.py.

   Rows: kind,name,start_ns,end_ns,queued_ns,submitted_ns,correlation,stream
   - kind: driver / runtime (host time of an API call), kernel, memcpy, memset,
     sync (a host wait);
   - queued / submitted (kernels only): when the launch was queued on the host
     and handed to the GPU, so that launch latency can be told from run time;
   - correlation: links an API call to the GPU work it made (a graph launch's
     kernels carry the launch's).
   AIJA_TRACE_FILE names the file (default aija-trace.csv); AIJA_TRACE_API=0
   leaves the API calls out (the GPU's own timeline, with less host overhead). */
#include <cupti.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static FILE* out;

#define CUPTI_OR_SAY(call)                                                     \
  do {                                                                         \
    CUptiResult r_ = (call);                                                   \
    if (r_ != CUPTI_SUCCESS) {                                                 \
      const char* s_ = "";                                                     \
      cuptiGetResultString(r_, &s_);                                           \
      fprintf(stderr, "aija-trace: %s failed: %s\n", #call, s_);               \
    }                                                                          \
  } while (0)

static void CUPTIAPI buffer_requested(uint8_t** buffer, size_t* size, size_t* max_records) {
  *size = 8u << 20;
  *buffer = aligned_alloc(8, *size);
  *max_records = 0;
}

static const char* api_name(CUpti_CallbackDomain domain, CUpti_CallbackId id) {
  const char* name = "?";
  cuptiGetCallbackName(domain, id, &name);
  return name;
}

static void write_record(const CUpti_Activity* record) {
  switch (record->kind) {
    case CUPTI_ACTIVITY_KIND_DRIVER:
    case CUPTI_ACTIVITY_KIND_RUNTIME: {
      const CUpti_ActivityAPI* a = (const CUpti_ActivityAPI*)record;
      const int driver = record->kind == CUPTI_ACTIVITY_KIND_DRIVER;
      fprintf(out, "%s,%s,%llu,%llu,0,0,%u,0\n", driver ? "driver" : "runtime",
              api_name(driver ? CUPTI_CB_DOMAIN_DRIVER_API : CUPTI_CB_DOMAIN_RUNTIME_API, a->cbid),
              (unsigned long long)a->start, (unsigned long long)a->end, a->correlationId);
      break;
    }
    case CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL: {
      const CUpti_ActivityKernel10* k = (const CUpti_ActivityKernel10*)record;
      fprintf(out, "kernel,\"%s\",%llu,%llu,%llu,%llu,%u,%u\n", k->name, (unsigned long long)k->start,
              (unsigned long long)k->end, (unsigned long long)k->queued, (unsigned long long)k->submitted,
              k->correlationId, k->streamId);
      break;
    }
    case CUPTI_ACTIVITY_KIND_MEMCPY: {
      const CUpti_ActivityMemcpy6* m = (const CUpti_ActivityMemcpy6*)record;
      fprintf(out, "memcpy,%llu bytes kind %u,%llu,%llu,0,0,%u,%u\n", (unsigned long long)m->bytes,
              (unsigned)m->copyKind, (unsigned long long)m->start, (unsigned long long)m->end, m->correlationId,
              m->streamId);
      break;
    }
    case CUPTI_ACTIVITY_KIND_MEMSET: {
      const CUpti_ActivityMemset4* m = (const CUpti_ActivityMemset4*)record;
      fprintf(out, "memset,%llu bytes,%llu,%llu,0,0,%u,%u\n", (unsigned long long)m->bytes,
              (unsigned long long)m->start, (unsigned long long)m->end, m->correlationId, m->streamId);
      break;
    }
    case CUPTI_ACTIVITY_KIND_SYNCHRONIZATION: {
      const CUpti_ActivitySynchronization2* s = (const CUpti_ActivitySynchronization2*)record;
      fprintf(out, "sync,type %u,%llu,%llu,0,0,%u,%u\n", (unsigned)s->type, (unsigned long long)s->start,
              (unsigned long long)s->end, s->correlationId, s->streamId);
      break;
    }
    default:
      break;
  }
}

static void CUPTIAPI buffer_completed(CUcontext context, uint32_t stream, uint8_t* buffer, size_t size,
                                      size_t valid) {
  (void)context;
  (void)stream;
  (void)size;
  CUpti_Activity* record = NULL;
  while (cuptiActivityGetNextRecord(buffer, valid, &record) == CUPTI_SUCCESS) write_record(record);
  size_t dropped = 0;
  cuptiActivityGetNumDroppedRecords(context, stream, &dropped);
  if (dropped) fprintf(stderr, "aija-trace: %zu records dropped\n", dropped);
  free(buffer);
}

static void at_exit(void) {
  cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED);
  if (out) fclose(out);
  out = NULL;
}

int InitializeInjection(void) {
  const char* path = getenv("AIJA_TRACE_FILE");
  out = fopen(path ? path : "aija-trace.csv", "w");
  if (!out) {
    perror("aija-trace: the trace file");
    return 0;
  }
  fprintf(out, "kind,name,start_ns,end_ns,queued_ns,submitted_ns,correlation,stream\n");
  CUPTI_OR_SAY(cuptiActivityRegisterCallbacks(buffer_requested, buffer_completed));
  CUPTI_OR_SAY(cuptiActivityEnableLatencyTimestamps(1));
  const char* api = getenv("AIJA_TRACE_API");
  if (!api || api[0] != '0') {
    CUPTI_OR_SAY(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_DRIVER));
    CUPTI_OR_SAY(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_RUNTIME));
  }
  CUPTI_OR_SAY(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL));
  CUPTI_OR_SAY(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMCPY));
  CUPTI_OR_SAY(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_MEMSET));
  CUPTI_OR_SAY(cuptiActivityEnable(CUPTI_ACTIVITY_KIND_SYNCHRONIZATION));
  atexit(at_exit);
  return 1;
}
