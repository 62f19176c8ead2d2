// Package refpath holds the path arithmetic of relativization that RFC
// 2396 and RFC 3986 share: both resolve a relative path by merging it with
// the base's directory (RFC 2396 section 5.2 step 6, RFC 3986 section
// 5.2.3) and read "." and ".." alike, so the relative paths from one
// directory to a target path are the same under both.
package refpath

import "strings"

// RelativeSegments returns relative paths that resolution may merge
// with basePath into targetPath (RFC 3986 section 5.2.3), both without their leading "/" if they
// had one: the shortest climbs from the base's directory with "../" to the
// longest directory the two share, then goes down. A final "./" or "../"
// is also offered without its "/" ("." and ".." name the same directory,
// section 5.2.4), and a "./" is put in front of a first segment that is
// empty (".//x") or has a ":" ("./g:h", section 4.2).
func RelativeSegments(basePath, targetPath string) []string {
	dir := strings.Split(basePath, "/")
	dir = dir[:len(dir)-1] // the base's last segment is not part of its directory
	target := strings.Split(targetPath, "/")
	common := 0
	for common < len(dir) && common < len(target)-1 && dir[common] == target[common] {
		common++
	}
	up := strings.Repeat("../", len(dir)-common)
	rest := strings.Join(target[common:], "/")
	first, _, _ := strings.Cut(rest, "/")
	switch {
	case up == "" && rest == "":
		return []string{".", "./"}
	case rest == "":
		return []string{up[:len(up)-1], up}
	case up == "" && (first == "" || strings.Contains(first, ":")):
		return []string{"./" + rest}
	}
	return []string{up + rest}
}
