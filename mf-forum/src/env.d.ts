/// <reference types="@rsbuild/core/types" />
// @forum/rich-text's syntax plugin writes remark-parse's processor data; its typing lives in
// remark-parse's declarations, which nothing else compiled here pulls in.
/// <reference types="remark-parse" />
