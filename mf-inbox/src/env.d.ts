/// <reference types="@rsbuild/core/types" />
// @forum/rich-text's syntax.ts relies on remark-parse's augmentation of unified's `Data`, which
// only a compilation that loads remark-parse's types sees (the package's own does).
/// <reference types="remark-parse" />
