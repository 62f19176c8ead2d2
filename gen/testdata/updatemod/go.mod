module example.com/updatemod

go 1.26
