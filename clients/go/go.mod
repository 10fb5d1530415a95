module idtypespgx

go 1.22

require github.com/jackc/pgx/v5 v5.9.2
