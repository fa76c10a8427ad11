import Testing

@Suite struct NavStateTestsPlaceholder {}
