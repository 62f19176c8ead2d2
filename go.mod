module github.com/rfc2396/rfc2396

go 1.25

tool github.com/pointlander/peg

require github.com/google/go-cmp v0.7.0

require (
	github.com/chromedp/cdproto v0.159.0
	github.com/chromedp/chromedp v0.23.0
	github.com/yuin/goldmark v1.8.7
	golang.org/x/net v0.47.0
	golang.org/x/text v0.31.0
)

require (
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/pointlander/compress v1.1.1-0.20190518213731-ff44bd196cc3 // indirect
	github.com/pointlander/jetset v1.0.1-0.20190518214125-eee7eff80bd4 // indirect
	github.com/pointlander/peg v1.0.1 // indirect
)
