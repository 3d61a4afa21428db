// The anchor of start-up: a Swift program that does nothing. Its time is the dynamic loader's and
// the Swift runtime's start-up alone.
