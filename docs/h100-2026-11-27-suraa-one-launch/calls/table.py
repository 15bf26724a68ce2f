import csv,sys,os
meths=None
for p in sys.argv[1:]:
    rows=list(csv.DictReader(open(p)))
    ms=[]
    for r in rows:
        if r['method'] not in ms: ms.append(r['method'])
    by={}
    for r in rows: by.setdefault(r['matrix'],{})[r['method']]=r
    print('##',os.path.basename(p)); print('matrix'.ljust(28)+''.join(m[:13].rjust(15) for m in ms))
    for m,d in by.items():
        cells=[]
        for k in ms:
            r=d.get(k)
            if not r or r['status']!='ok': cells.append('-'.rjust(15)); continue
            s=r['speedup_vs_cusparse']; s=f"{float(s):.2f}x" if s else ''
            sel=r['selected'][:5] if k=='auto' else ''
            cells.append((f"{float(r['median_us']):.1f} {s}{sel}").rjust(15))
        print(os.path.basename(m)[:27].ljust(28)+''.join(cells))
