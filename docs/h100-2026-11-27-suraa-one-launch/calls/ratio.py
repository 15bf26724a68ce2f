import csv,glob,os,sys
d=sys.argv[1]
tab={}; ms=[]
for f in sorted(glob.glob(d+'/*.csv')):
    v=os.path.basename(f)[:-4]; grp,var=v.split('-',1)
    rows={}
    for r in csv.DictReader(open(f)):
        m=os.path.basename(r['matrix']).split('.')[0][:9]
        if m not in ms: ms.append(m)
        rows.setdefault(m,{})[r['method']]=r
    for m,x in rows.items():
        if 'suraa' in x and 'ipcsr' in x:
            s=float(x['suraa']['median_us']); i=float(x['ipcsr']['median_us']); c=float(x['suraa']['speedup_vs_cusparse'] or 0)
            tab.setdefault((grp,var),{})[m]=(s,c,s/i)
for grp in sorted(set(k[0] for k in tab)):
  keys=[k for k in sorted(tab) if k[0]==grp]
  mm=[m for m in ms if any(m in tab[k] for k in keys)]
  print(grp, 'suraa us / vs cuSPARSE / suraa:ipcsr time'); print('variant'.ljust(26)+''.join(m.rjust(16) for m in mm))
  for k in keys:
    print(k[1][:25].ljust(26)+''.join(('%.1f %.2f %.2f'%tab[k][m]).rjust(16) if m in tab[k] else ''.rjust(16) for m in mm))
