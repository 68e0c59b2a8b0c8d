print("deepcut")
