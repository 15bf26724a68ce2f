import re,sys
def edit(path, pairs, include=True):
    s=open(path).read()
    if include and 'setup_profile.hpp' not in s:
        # after first #include line
        i=s.index('#include')
        s=s[:i]+'#include "core/setup_profile.hpp"\n'+s[i:]
    for old,new in pairs:
        assert s.count(old)==1,(path,old,s.count(old))
        s=s.replace(old,new)
    open(path,'w').write(s)
M='aijadaptive::detail::setup_mark'
edit('src/core/adaptive_matrix.cpp',[
 ('  if (m.options.check_input) check_csr(a);\n', f'  {M}("analyse begin");\n  if (m.options.check_input) check_csr(a);\n'),
 ('  const bool may_defer = m.may_defer();  // before the prefetch takes its room\n  m.start_prefetch();\n',
  f'  const bool may_defer = m.may_defer();  // before the prefetch takes its room\n  {M}("may_defer decided");\n  m.start_prefetch();\n  {M}("prefetch started");\n'),
 ('    if (may_defer && m.may_reorder()) {\n', f'    const bool reo = may_defer && m.may_reorder();\n    {M}("features/may_reorder");\n    if (reo) {{\n'),
 ('      m.select(may_defer ? &m.features : nullptr);\n', f'      m.select(may_defer ? &m.features : nullptr);\n      {M}("selected");\n'),
 ('    m.make_chain();\n    m.build_next_host();\n', f'    m.make_chain();\n    m.build_next_host();\n    {M}("host built");\n'),
 ('      copy_source(device);\n      if (cancelled) return;\n      matrix->analyse(copy->view());\n      if (!cancelled) matrix->upload();\n', f'      {M}("deferred thread begin");\n      copy_source(device);\n      {M}("deferred copied back");\n      if (cancelled) return;\n      matrix->analyse(copy->view());\n      {M}("deferred analysed");\n      if (!cancelled) matrix->upload();\n      {M}("deferred uploaded");\n'),
 ('      const std::optional<DeviceCsrPointers<V, I>> arrays = source.get_future().get();\n', f'      const std::optional<DeviceCsrPointers<V, I>> arrays = source.get_future().get();\n      {M}("deferred source handed");\n'),
 ('  m.reset_device_state();\n  const DeviceGuard guard(m.device);\n  m.upload_chain();\n', f'  {M}("upload begin");\n  m.reset_device_state();\n  const DeviceGuard guard(m.device);\n  m.upload_chain();\n  {M}("upload chain done");\n'),
 ('    if (prefetch) prefetch->finish_copy();  // the memory check below sees its arrays allocated\n', f'    {M}("upload: stream/fence");\n    if (prefetch) prefetch->finish_copy();  // the memory check below sees its arrays allocated\n    {M}("upload: prefetch joined");\n'),
])
edit('src/core/csr_prefetch.cpp',[
 ('      const DeviceGuard guard(device_);\n      const OwnedStream stream;\n', f'      {M}("prefetch thread begin");\n      const DeviceGuard guard(device_);\n      const OwnedStream stream;\n      {M}("prefetch stream made");\n'),
 ('      synchronize(stream.get());\n      arrays_ = std::move(d);\n', f'      {M}("prefetch enqueued");\n      synchronize(stream.get());\n      {M}("prefetch synchronised");\n      arrays_ = std::move(d);\n'),
])
edit('src/core/staged_upload.hpp',[
 ('        sent_[k] = std::make_unique<OwnedEvent>();\n      }\n', f'        sent_[k] = std::make_unique<OwnedEvent>();\n      }}\n    if (!sent_[1]) {{}} else if (first_) {{ first_ = false; {M}("staging pinned made"); }}\n'),
 ('  std::unique_ptr<OwnedEvent> sent_[2];\n', '  std::unique_ptr<OwnedEvent> sent_[2];\n  bool first_ = true;\n'),
])
edit('src/formats/inode/build.cpp',[
 ('  const std::vector<Group> groups = find_groups(a, known, p.max_group_rows, threads);\n', f'  {M}("inode build begin");\n  const std::vector<Group> groups = find_groups(a, known, p.max_group_rows, threads);\n  {M}("inode groups found");\n'),
 ('  struct Start {  // where', f'  {M}("inode planned");\n  struct Start {{  // where'),
 ('  out.entries = a.nnz();\n', f'  {M}("inode written");\n  out.entries = a.nnz();\n'),
])
edit('src/formats/inode/kernels.cu',[
 ('    slices_ = device_copy_of(l.slices, stream);\n', f'    {M}("inode upload begin");\n    slices_ = device_copy_of(l.slices, stream);\n'),
 ('    values_ = DeviceBuffer<V>(std::size_t(l.stored_values));\n', f'    {M}("inode layout enqueued");\n    values_ = DeviceBuffer<V>(std::size_t(l.stored_values));\n    {M}("inode values allocated");\n'),
 ('    fill(stream, true);\n  }\n', f'    fill(stream, true);\n    {M}("inode fill enqueued");\n  }}\n'),
])
edit('examples/bench/cusparse_method.cpp',[
 ('      row_ptr_ = DeviceBuffer<I>(std::size_t(a.rows) + 1);\n', f'      {M}("cusparse begin");\n      row_ptr_ = DeviceBuffer<I>(std::size_t(a.rows) + 1);\n'),
 ('      AIJA_CUSPARSE_CHECK(cusparseCreateCsr(', f'      {M}("cusparse copied");\n      AIJA_CUSPARSE_CHECK(cusparseCreateCsr('),
 ('      synchronize(stream);\n    });\n    return t;', f'      synchronize(stream);\n      {M}("cusparse preprocessed");\n    }});\n    return t;'),
])
edit('src/core/staged_upload.hpp',[
 ('        arrived_[k] = std::make_unique<OwnedEvent>();\n      }\n', f'        arrived_[k] = std::make_unique<OwnedEvent>();\n      }}\n    {M}("download: pinned ready");\n'),
 ('      parallel_copy(static_cast<unsigned char*>(to) + piece * kPieceBytes, pinned_[piece % 2].data(), length(piece));\n    }\n', f'      parallel_copy(static_cast<unsigned char*>(to) + piece * kPieceBytes, pinned_[piece % 2].data(), length(piece));\n      if (piece % 8 == 0) {M}("download: piece copied out");\n    }}\n    {M}("download: array done");\n'),
], include=False)
edit('src/core/csr_copy.hpp',[
 ('    staging.receive(values_.data(), on_device.values, values_.size() * sizeof(V), stream);\n', f'    staging.receive(values_.data(), on_device.values, values_.size() * sizeof(V), stream);\n    {M}("copy back: received all");\n'),
 ('    row_ptr_.resize(std::size_t(rows) + 1);\n', f'    {M}("copy back: begin");\n    row_ptr_.resize(std::size_t(rows) + 1);\n'),
])
