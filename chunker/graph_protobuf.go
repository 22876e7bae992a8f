package chunker

func init() {
	graphLangs["protobuf"] = &graphLang{query: protoGraphQuery}
}

// protoGraphQuery: a field's type and an RPC's request and response are
// uses of a message or enum, named bare (Address) or through its package
// (google.protobuf.Timestamp, whose last name is the type). The messages,
// enums, services and RPCs themselves are the outline's declarations.
const protoGraphQuery = `
(message_or_enum_type (identifier)+ @recv . (identifier) @type .)
(message_or_enum_type . (identifier) @type .)
`
