#include "vectors.hpp"

#include <aijadaptive/device.hpp>

#include <memory>

#if AIJA_PETSC_HAS_CUDA
  #include <petscdevice.h>
#endif

namespace aija {

namespace {

aijadaptive::MemSpace Space(PetscMemType t) {
  return PetscMemTypeDevice(t) ? aijadaptive::MemSpace::device : aijadaptive::MemSpace::host;
}

// Object ids and states are exact; pack them into one key when they fit.
std::uint64_t ContentKey(Vec v) {
  PetscObjectId id = 0;
  PetscObjectState state = 0;
  if (PetscObjectGetId((PetscObject)v, &id) || PetscObjectStateGet((PetscObject)v, &state)) return 0;
  if (id >= (PetscObjectId(1) << 31) || state < 0 || state >= (PetscObjectState(1) << 32)) return 0;
  return (std::uint64_t(1) << 63) | (std::uint64_t(id) << 32) | std::uint64_t(state);
}

// Below this a page-lock costs more than it saves.
constexpr std::size_t kMinPinBytes = 256 * 1024;
constexpr const char* kPinName = "AIJAdaptivePinnedArray";

PetscErrorCode DestroyPin(void* arg) {
  delete static_cast<aijadaptive::HostRegistration*>(AIJA_CONTAINER_CTX(arg));
  return PETSC_SUCCESS;
}

}  // namespace

aijadaptive::InputVector<PetscScalar> ReadAccess::view() const {
  aijadaptive::InputVector<PetscScalar> in;
  in.data = data;
  in.space = Space(memtype);
  in.content_key = in.space == aijadaptive::MemSpace::host ? ContentKey(v) : 0;
  return in;
}

aijadaptive::OutputVector<PetscScalar> WriteAccess::view() const { return {data, Space(memtype)}; }

PetscErrorCode GetRead(Vec v, ReadAccess* r) {
  PetscFunctionBegin;
  r->v = v;
  PetscCall(VecGetArrayReadAndMemType(v, &r->data, &r->memtype));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode RestoreRead(ReadAccess* r) {
  PetscFunctionBegin;
  if (PetscMemTypeDevice(r->memtype)) PetscCall(VecRestoreArrayReadAndMemType(r->v, &r->data));
  else PetscCall(VecRestoreArrayRead(r->v, &r->data));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode GetWrite(Vec v, bool read, WriteAccess* w) {
  PetscFunctionBegin;
  w->v = v;
  w->read = read;
  w->memtype = PETSC_MEMTYPE_HOST;
  if (read) PetscCall(VecGetArrayAndMemType(v, &w->data, &w->memtype));
  else PetscCall(VecGetArrayWriteAndMemType(v, &w->data, &w->memtype));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode RestoreWrite(WriteAccess* w) {
  PetscFunctionBegin;
  const bool device = PetscMemTypeDevice(w->memtype);
  // The restore must match the get, memtype-variant or not.
  if (w->read) {
    if (device) PetscCall(VecRestoreArrayAndMemType(w->v, &w->data));
    else PetscCall(VecRestoreArray(w->v, &w->data));
  } else {
    if (device) PetscCall(VecRestoreArrayWriteAndMemType(w->v, &w->data));
    else PetscCall(VecRestoreArrayWrite(w->v, &w->data));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode PinHostArray(Vec v, const PetscScalar* data) {
  PetscInt n = 0;
  PetscContainer c = nullptr;

  PetscFunctionBegin;
  PetscCall(VecGetLocalSize(v, &n));
  const std::size_t bytes = std::size_t(n) * sizeof(PetscScalar);
  if (bytes < kMinPinBytes) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscObjectQuery((PetscObject)v, kPinName, (PetscObject*)&c));
  if (c) {
    void* p = nullptr;
    PetscCall(PetscContainerGetPointer(c, &p));
    const auto* old = static_cast<const aijadaptive::HostRegistration*>(p);
    if (old->data() == data && old->bytes() == bytes) PetscFunctionReturn(PETSC_SUCCESS);
  }
  auto pin = std::make_unique<aijadaptive::HostRegistration>(const_cast<PetscScalar*>(data), bytes);
  PetscCall(PetscContainerCreate(PETSC_COMM_SELF, &c));
  PetscCall(PetscContainerSetPointer(c, pin.release()));
  PetscCall(AijaContainerSetDestroy(c, DestroyPin));
  // Replacing an older composed container destroys it, which unpins its array.
  PetscCall(PetscObjectCompose((PetscObject)v, kPinName, (PetscObject)c));
  PetscCall(PetscContainerDestroy(&c));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode PetscStream(aijadaptive::Stream* s) {
  PetscFunctionBegin;
  *s = nullptr;
#if AIJA_PETSC_HAS_CUDA && PETSC_VERSION_GE(3, 20, 0)
  PetscDeviceContext dctx = nullptr;
  void* handle = nullptr;
  PetscCall(PetscDeviceContextGetCurrentContext(&dctx));
  PetscCall(PetscDeviceContextGetStreamHandle(dctx, &handle));
  *s = handle ? *static_cast<aijadaptive::Stream*>(handle) : nullptr;
#elif AIJA_PETSC_HAS_CUDA
  *s = PetscDefaultCudaStream;
#endif
  PetscFunctionReturn(PETSC_SUCCESS);
}

}  // namespace aija
