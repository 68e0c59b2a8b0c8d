/// One CSV record and the line it starts on, for warnings that point at the row.
struct CSVRecord: Sendable, Hashable {
    var fields: [String]
    var line: Int

    /// The field at `index`, or nil when the row is shorter.
    func field(_ index: Int) -> String? {
        fields.indices.contains(index) ? fields[index] : nil
    }
}
