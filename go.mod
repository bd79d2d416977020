module robotstester

go 1.26.8

require (
	github.com/andybalholm/brotli v1.2.8 // indirect
	github.com/chromedp/cdproto v0.159.0 // indirect
	github.com/chromedp/chromedp v0.23.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/hexops/vecty v0.6.0 // indirect
	github.com/temoto/robotstxt v1.1.2 // test-only: the colly reader's oracle (engine/readers/reader_diff_test.go)
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
