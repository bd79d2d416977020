module robotstester

go 1.26.8
