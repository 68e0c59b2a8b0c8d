extension CommandSpec {
    /// `usage: deepcut dismiss [--config PATH] [--title T] [ID]`: required parts bare, optional ones bracketed.
    func usage(program: String) -> String {
        "usage: " + synopsis(program: program)
    }

    func synopsis(program: String) -> String {
        let options = options.map { option in
            let part = option.synopsis + (option.isRepeatable ? " ..." : "")
            return option.isRequired ? part : "[\(part)]"
        }
        let arguments = arguments.map { $0.isRequired ? $0.name : "[\($0.name)]" }
        return ([displayName(program: program)] + options + arguments).joined(separator: " ")
    }

    /// The `--help` text: abstract, usage, arguments and options with their help.
    func help(program: String) -> String {
        var sections = [abstract, "usage: " + synopsis(program: program)]
        if !arguments.isEmpty {
            sections.append(HelpTable.render(title: "arguments:", rows: arguments.map { ($0.name, $0.help) }))
        }
        let helpRow = ("-h, --help", "Show this help.")
        sections.append(HelpTable.render(title: "options:", rows: options.map { ($0.synopsis, $0.help) } + [helpRow]))
        return sections.joined(separator: "\n\n")
    }
}
