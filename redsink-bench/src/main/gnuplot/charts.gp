# Charts for docs/benchmarks.md and redsink-bench/lab-notebook.md from the results in
# redsink-bench/results/.
# Run from the repository root: gnuplot redsink-bench/src/main/gnuplot/charts.gp
set terminal pngcairo size 900,500 font "sans,11"
set datafile separator "\t"
set key top right
set grid ytics
set termoption noenhanced

# 1. Encode: MB/s of payload per shape, Redsink against the zstd floor and DuckDB.
set output "docs/benchmarks/encode.png"
set title "Encode to zstd Parquet (1 thread, median of 5 forks)"
set ylabel "MB/s of payload"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set logscale y
set yrange [50:2000]
plot "redsink-bench/results/encode.tsv" every ::1 using 2:xtic(1) title "Redsink ParquetFileWriter", \
     "" every ::1 using 3 title "zstd floor (payload only)", \
     "" every ::1 using 4 title "DuckDB COPY TO parquet"
unset logscale y
set autoscale y

# 2. Core end to end: time by phase per configuration (median run).
set output "docs/benchmarks/e2e-phases.png"
set title "Core end to end, 1M x 1 KiB records: time by phase (median of 5 runs)"
set ylabel "seconds"
set style histogram rowstacked
set key outside right
plot "redsink-bench/results/e2e-phases.tsv" every ::1 using ($2/1000):xtic(1) title "encode", \
     "" every ::1 using ($3/1000) title "upload", \
     "" every ::1 using ($4/1000) title "COPY", \
     "" every ::1 using ($5/1000) title "insert + ledger", \
     "" every ::1 using ($6/1000) title "commit", \
     "" every ::1 using ($7/1000) title "other (ledger read, plan, clean-up)"
set key top right inside

# 3. Redshift-side cost per million records.
set output "docs/benchmarks/cost.png"
set title "Redshift-side cost per million records (counted at the emulator)"
set ylabel "per million records"
set style histogram clustered gap 1
set logscale y
set yrange [10:100000]
plot "redsink-bench/results/cost.tsv" every ::1 using 2:xtic(1) title "statements", \
     "" every ::1 using 3 title "commits"
unset logscale y
set autoscale y

# 4. Growth: time per load as the target grows.
set output "docs/benchmarks/growth.png"
set title "Time per load (100k records) as the target grows"
set xlabel "rows in the target before the load (millions)"
set ylabel "ms per load"
set style data linespoints
set yrange [0:*]
plot "redsink-bench/results/growth.tsv" using ($1/1e6):2 title "ledger dedup (default)" pt 7 ps 0.5, \
     "" using ($1/1e6):3 title "dedup_by_id = true" pt 5 ps 0.5

# 5. Kafka Connect end to end: records/s per run, Redsink against the Debezium JDBC sink.
#    connect-e2e-runs.tsv is connect-e2e.tsv with one row per run (see redsink-bench/lab-notebook.md, 3).
set output "docs/benchmarks/connect.png"
set title "Kafka Connect, 1M records through one worker into the emulator's PostgreSQL (1 task each)"
set xlabel "run"
set ylabel "records/s"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set yrange [0:70000]
set key top left inside
plot "redsink-bench/results/connect-e2e-runs.tsv" every ::1 using 2:xtic(1) title "Redsink (COPY of zstd Parquet from S3)", \
     "" every ::1 using 3 title "Debezium JDBC sink (row inserts, straight into PostgreSQL)"

# 6. The same with the fast path (background loads, max.file.bytes, binary COPY in the
#    emulator): connect-e2e-fastpath-runs.tsv, made from connect-e2e-fastpath.tsv the same way.
set output "docs/benchmarks/connect-fastpath.png"
set title "Kafka Connect after the fast path, 1M records, 1 task each"
plot "redsink-bench/results/connect-e2e-fastpath-runs.tsv" every ::1 using 2:xtic(1) title "Redsink (background loads, 64 MB files)", \
     "" every ::1 using 3 title "Debezium JDBC sink (row inserts, straight into PostgreSQL)"
