package fetch

// What the tests of package fetch_test (checkzone_test.go) borrow from
// this package's own tests.
var (
	SecretSite   = secretSite
	ZonedTargets = zonedTargets
)

const ZoneSecret = zoneSecret
