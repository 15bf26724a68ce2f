import csv,sys,re,glob
for f in sys.argv[1:]:
    rows=list(csv.DictReader(open(f)))
    auto=[r for r in rows if r['method']=='auto'][0]
    cus=[float(r['upload_ms']) for r in rows if r['method'].startswith('cusparse')]
    setup=float(auto['build_ms'])+float(auto['upload_ms'])
    txt=open(f.replace('.csv','.txt')).read()
    m=re.search(r'first 1000 products: ([0-9.]+) ms \(products ([0-9.]+)',txt)
    th=re.search(r'took ([0-9.]+) ms on a',txt)
    print(f"{f:28s} setup {setup:7.1f} (b {float(auto['build_ms']):6.1f} u {float(auto['upload_ms']):5.1f}) cusp {min(cus):6.1f} ratio {setup/min(cus):4.2f}  first1000 {m.group(1) if m else '-'} thread {th.group(1) if th else '-'} med {auto['median_us']}")
